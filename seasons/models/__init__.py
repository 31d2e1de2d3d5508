"""The season's data (issue 24): series of a club's events (docs/series.md) and the club's ratings
(docs/ratings.md), one module each, re-exported here."""

from seasons.models.ratings import Rating, RatingChange, RatingRun
from seasons.models.series import (
    EventPlacings,
    PointsMode,
    Qualification,
    QualifyBy,
    Series,
    SeriesEvent,
    SeriesLink,
    SeriesStatus,
    default_placing_points,
    default_series_tiebreaks,
)

__all__ = [
    "EventPlacings",
    "PointsMode",
    "Qualification",
    "QualifyBy",
    "Rating",
    "RatingChange",
    "RatingRun",
    "Series",
    "SeriesEvent",
    "SeriesLink",
    "SeriesStatus",
    "default_placing_points",
    "default_series_tiebreaks",
]
