"""``elgrande serve``: games played in the browser (the page, its controls, the API)."""
