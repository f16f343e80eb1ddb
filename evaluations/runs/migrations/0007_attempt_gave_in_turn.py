from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('runs', '0006_attempt_reply_timings'),
    ]

    operations = [
        migrations.AddField(
            model_name='attempt',
            name='gave_in_turn',
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name='attempt',
            name='not_scored_cause',
            field=models.CharField(blank=True, choices=[('needs_judge', 'Rules-only: the reply needs the judge'), ('attack_unproven', 'Rules-only: an attack neither refused nor caught by a rule'), ('no_tool_calls', "Its tool checks cannot be exercised by the agent's protocol"), ('no_history', 'Its turns cannot be exercised: the agent sees each message alone'), ('no_tool_messages', "Its tool result cannot be sent: the agent's protocol has no tool messages"), ('simulator', 'The simulated user failed'), ('judge_no_verdict', 'The judge gave no verdict'), ('judge_stopped', 'Never sent to the judge: the run stopped early')], default='', max_length=20),
        ),
    ]
