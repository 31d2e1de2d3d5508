from django.urls import path

from . import views

urlpatterns = [
    path("", views.event, name="org-event"),
    path("staff/", views.staff, name="org-staff"),
    path("registration/", views.registration, name="org-registration"),
    path("check-in/", views.check_in, name="org-checkin"),
    path("rounds/", views.rounds, name="org-rounds"),
    path("board/", views.board, name="org-board"),
]
