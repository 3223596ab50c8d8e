"""``python -m lexc``: the ``lexc`` command."""

from lexc.cli.launch import main

if __name__ == "__main__":
    main()
