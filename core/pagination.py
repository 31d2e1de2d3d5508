from rest_framework import pagination


class PageNumberPagination(pagination.PageNumberPagination):
    """``?page=N&page_size=M`` (at most 500 a page)."""

    page_size_query_param = "page_size"
    max_page_size = 500
