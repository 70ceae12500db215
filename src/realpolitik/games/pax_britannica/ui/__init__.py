"""Pax Britannica's user interfaces: the web board (:mod:`.web`, its module in ``static/``) and its
map's layout (:mod:`.layout`, presentation only)."""
