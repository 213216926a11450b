"""Table > Play with phones…: the server's switch, each seat's QR code, who is connected."""
