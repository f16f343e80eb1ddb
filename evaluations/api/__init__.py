"""The DRF CI API (runs, status, reports, suites, deploys) and its OpenAPI schema;
views call the same services as the HTML pages; serializers live in serializers.py."""
