"""Small widgets and the look every room shares."""
