from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_hardening"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="screen_version",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
