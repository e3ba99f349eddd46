"""pnp watch: build a game, then build it again on every save, and show it in the browser.

loop.py watches the files (watchfiles) and runs the rebuilds; rebuild.py builds through the pipeline in this
warm process and keeps the last good result (each build reads the deck afresh: nothing to forget);
preview.py turns a build into what the page shows (cards, their findings, sheets) and draws its images;
server.py serves that page on 127.0.0.1 and nothing else; page.html is the page, studio.js its layout view
(a card's regions, moved with the mouse), and studio.py the view's side of the server (its model of a card, and
a moved box written back into its template, guarded by the page's token).
"""
