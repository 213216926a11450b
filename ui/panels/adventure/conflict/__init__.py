"""The guided Fantastical Adventure Conflict panel and its pieces."""
