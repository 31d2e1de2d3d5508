from seasons.models.ratings import Rating, RatingChange, RatingRun

__all__ = ["Rating", "RatingChange", "RatingRun"]
