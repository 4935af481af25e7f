"""noticeclerk turns a village's ordinances and case facts into legally sound documents."""

__version__ = "0.1.0"
