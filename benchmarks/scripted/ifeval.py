"""Answers to the IFEval fixture prompts (``packages/lmeval-tasks-leaderboard/tests/fixtures``),
written so that every instruction kind is followed by some answers and broken by others, and
some pass only the loose check (a preamble line, markdown ``*``). Keyed by the prompt's opening
words; any other prompt is not IFEval's (None).
"""

from __future__ import annotations

_SEA = ('"THE WAVES ROLL IN WITH SALT AND FOAM, THE SEA IS WIDE AND CALLS ME HOME. I WATCH THE TIDE FROM '
        'DAWN TILL NIGHT AND FEEL THE WIND WITH ALL ITS MIGHT. THE SAILORS SING OF DISTANT SHORES."')
_KYOTO = ("<<A Weekend in Kyoto>>\nI spent a quiet weekend in Kyoto walking through old temples and narrow "
          "streets. The maple trees were red and the air was cool in the morning. I visited a tea house near "
          "the river and tried sweet rice cakes with green tea. In the evening the lanterns of Gion glowed "
          "softly and the city felt calm, even with many visitors around.\nP.S. Bring good walking shoes.")
_INTERVIEW = ("- Here are my tips:\n* Research the company and its *mission* before the day.\n"
              "* Prepare answers about your *strengths* and send them to [email].\n"
              "* Arrive at [address] ten minutes early.\nIs there anything else I can help with?")
_FILM = '```json\n{"film": "Spirited Away", "review": "A moving, beautiful and strange journey."}\n```'
_ZOO = ("Im Zoo sehen die Kinder zuerst die Zebras und die Ziegen. Die Tiere sind ganz zahm und die Kinder "
        "dürfen sie füttern.\n***\nDanach gehen wir zu den Löwen und den Elefanten. Zum Schluss essen alle "
        "zusammen ein Eis und fahren glücklich nach Hause.")
_TREE = ("SECTION 1\nDig a hole TWICE as wide as the roots.\nSECTION 2\nPlace the tree and fill the hole with "
         "soil.\nStep 3\nWater it DEEPLY every week during the first summer.")
_DRINKS = ("Try a hot coffee with a little cinnamon to start the day.\n******\n"
           "Try a cold coffee with oat milk if you prefer something lighter.")
_CLOCK = ("write a riddle about a clock.\ni have a face but never smile, i have hands but cannot wave, "
          "i run all day but never leave the wall. what am i? a clock.")
_TOMATO = "Botanically a tomato grows from a flower and holds seeds. My answer is yes."
_BICYCLES = ("Bicycles appeared in the early nineteenth century as wooden running machines.\n\n"
             "However, pedals and chains changed everything in the following decades.\n\n"
             "Today bicycles are used all over the world for sport and for daily travel.")
_CAT = ("Dear neighbour, our grey cat Milo has been missing since Tuesday. Please check your garden shed and "
        "the cat flap of your garage.\nThank you very much.\nPS: He answers to a whistle.")
_BAKERY = '"FRESH BREAD EVERY MORNING, Baked With Love For The Whole Street."'
_MEAL = '{"meal": "rice with black lentils", "drink": "lemonade"'
_EIFFEL = ("The Eiffel Tower was built for the 1889 World's Fair in Paris and is one of the most visited "
           "monuments in the world.")
_GOLDFISH = "Bubbles.\n******\nBubbles."
_RAIN = "Sure! Here is my answer.\nwrite a haiku about rain.\nsoft rain on the roof\nthe garden drinks slowly\nclouds drift to the sea"
_SWIM = "Swimming is a useful skill for safety and for quiet exercise, and it is quite cheap."
_LIGHTHOUSE = ("Section 1\nThe keeper climbed the stairs every night.\n***\nThe light turned over the dark water.\n"
               "***\n***\nSection 2\nOne winter a ship came too close to the rocks.\n***\nHe rang the bell and it turned away.")
_GARDENER = ("**Two ideas for you:**\n* Start with herbs that grow fast.\n* Water early in the morning.\n"
             "Any other questions?\nGood luck!")
_OCEAN = ("**Oceans** cover most of the planet and hold most of its water. NASA, NOAA and the UN all study them.\n\n"
          "They shape the weather, feed billions of people and store heat from the sun.")
_LAMP = "This *warm* lamp has a *dimmable* light and a cheap-looking switch that any hardware store sells."
_PROGRAMMER = ("A coder who worked late at night\nwrote functions that never ran right\nshe fixed every test\n"
               "then went home to rest\nand dreamed of a build that was bright")
_WEATHER = "   \n  "

ANSWERS = {
    "Write a short poem about the sea for sailors.": (_SEA,),
    "Write a travel note about a weekend in Kyoto": (_KYOTO,),
    "List three tips for a job interview.": (_INTERVIEW,),
    "Write a one-line review of a film you like.": (_FILM,),
    "Describe a zoo visit for children.": (_ZOO,),
    "Explain how to plant a tree.": (_TREE,),
    "Give two different recommendations for a morning drink.": (_DRINKS,),
    "Write a riddle about a clock.": (_CLOCK,),
    "Is a tomato a fruit?": (_TOMATO,),
    "Write about the history of bicycles.": (_BICYCLES,),
    "Write a note to a neighbour about a lost cat.": (_CAT,),
    "Write a slogan for a bakery.": (_BAKERY,),
    "Describe your favourite meal.": (_MEAL,),
    "Tell me about the Eiffel Tower.": (_EIFFEL,),
    "Suggest a name for a pet goldfish.": (_GOLDFISH,),
    "Write a haiku about rain.": (_RAIN,),
    "Should I learn to swim?": (_SWIM,),
    "Write a story about a lighthouse keeper.": (_LIGHTHOUSE,),
    "Give advice to a new gardener.": (_GARDENER,),
    "Write an essay on the ocean.": (_OCEAN,),
    "Write a product description for a lamp.": (_LAMP,),
    "Write a limerick about a programmer.": (_PROGRAMMER,),
    "Say nothing at all about the weather.": (_WEATHER,),
}


def generations(text: str) -> tuple[str, ...] | None:
    for opening, answers in ANSWERS.items():
        if opening in text:
            return answers
    return None
