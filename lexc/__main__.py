"""``python -m lexc``: the ``lexc`` command."""

from .launch import main

main()
