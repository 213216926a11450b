"""The GM's private notes pane, shown only at the GM's seat."""
