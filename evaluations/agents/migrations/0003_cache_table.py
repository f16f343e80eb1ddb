"""The database cache's table (settings.CACHES): `migrate` alone makes a working deployment, test databases too."""

from django.core.management import call_command
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def create_cache_table(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    # createcachetable skips a table that exists already, and does nothing for a cache that is not in the database.
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("agents", "0002_initial")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
