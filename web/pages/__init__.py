"""One module per kind of page; each page's data is also served as JSON at its sibling address."""
