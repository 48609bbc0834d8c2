import random, re
from django.contrib.auth.models import User
from django.test import Client
from games.services.demo import demo_plays_record
from games.services.hands import hand_start, hand_close
from tests.web.conftest import start_match

def test_probe(owner: User, owner_client: Client) -> None:
    match = start_match(owner, "twenty")
    for seed in range(40):
        hand = hand_start(match=match, dealer=0, starter=0, set_aside=["3C", "9D"])
        demo_plays_record(hand=match.hands.get(number=1), rng=random.Random(seed))
        hand_close(hand=match.hands.get(number=1))
        page = owner_client.get(f"/matches/{match.pk}/").content.decode()
        if "-" in re.sub(r"<[^>]+>|[\w-]+=\"[^\"]*\"", " ", page):
            break
        match.hands.all().delete()
    i = page.index('id="scored-title"')
    print(page[i-100:i+6000])
    text = re.sub(r"<script.*?</script>|<[^>]+>", " ", page, flags=re.S)
    print("MINUS", re.findall(r".{30}(?:-|\u2212)\d+.{10}", text))
