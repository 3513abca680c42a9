"""The dynamic item that routes every tutorial menu and button (custom_ids in :mod:`cogs.tutorial.ids`),
so a tutorial message sent before a restart still answers after it."""

from __future__ import annotations

import discord

from cogs.kit.answers import report
from cogs.kit.errors import UserFacingError
from cogs.kit.ids import Parsed
from cogs.tutorial import flow
from cogs.tutorial.ids import ALL, NONE, TEMPLATE


class TutorialItem(Parsed, template=TEMPLATE):
    """A tutorial menu or button: the step it names is built again from the game's data and answered."""

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            kind, action = self.fields["kind"], self.fields["action"]
            chapter = None if self.fields["chapter"] == ALL else self.fields["chapter"]
            step = None if self.fields["step"] == NONE else self.fields["step"]
            if action in ("play", "guide"):
                await flow.after_end(interaction, kind, action)
                return
            if step is None:  # only the end's buttons name no step; a forged one is refused
                raise UserFacingError("no_tutorial", games=kind)
            if action.startswith("pick"):
                assert isinstance(self.item, discord.ui.Select)
                values = list(self.item.values)
                if len(values) != 1:
                    raise UserFacingError("one_choice")
                await flow.pick(interaction, kind, chapter, step, values[0])
            elif action == "retry":
                await flow.retry(interaction, kind, chapter, step)
            else:
                await flow.move_on(interaction, kind, chapter, step, note=None)
        except Exception as error:
            await report(interaction, error)
