"""``chinese-ten serve``: the web server and the games it runs."""
