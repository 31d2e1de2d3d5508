from django.urls import path

from . import views

urlpatterns = [
    path("", views.queue, name="referee-queue"),
    path("chief/", views.chief, name="referee-chief"),
    path("questions/", views.questions, name="referee-questions"),
]
