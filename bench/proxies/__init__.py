"""Synthetic proxy QA sets: KBs and questions for domains the project was not built on."""
