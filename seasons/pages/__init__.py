"""The season's public pages: series (/s/{slug}/) and clubs (/c/{slug}/)."""
