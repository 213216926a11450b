"""The guided tarot Challenge panel and its pieces."""
