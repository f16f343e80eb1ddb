"""The Django project: settings (the only place the environment is read), the root URLs, the error pages and
the request types views rely on."""
