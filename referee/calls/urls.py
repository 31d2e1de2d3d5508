from django.urls import re_path

from referee.calls import views
from tournaments.urls import EVENT

ID = r"(?P<pk>\d{1,18})"

urlpatterns = [
    re_path(rf"^matches/{ID}/calls/?$", views.MatchCallsView.as_view(), name="match-calls"),
    re_path(rf"^{EVENT}/calls/?$", views.EventCallsView.as_view(), name="event-calls"),
    re_path(rf"^calls/{ID}/?$", views.CallView.as_view(), name="call-detail"),
    re_path(rf"^calls/{ID}/cancel(?:/)?$", views.CallCancelView.as_view(), name="call-cancel"),
    re_path(rf"^calls/{ID}/answer(?:/)?$", views.CallAnswerView.as_view(), name="call-answer"),
]
