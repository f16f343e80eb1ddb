from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('suites', '0008_scenario_tool_results_leak'),
    ]

    operations = [
        migrations.AddField(
            model_name='scenario',
            name='tool_context',
            field=models.JSONField(blank=True, default=list, help_text='Tool calls and their results sent before the first turn (docs/redteam.md, Attacks through tool results).'),
        ),
    ]
