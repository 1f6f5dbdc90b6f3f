"""The JSON API, one blueprint per resource."""
