"""ASSIN 2 STS (``assin2_sts``), PolEmo 2.0 (``polemo2_*``), NoticIA (``noticia``) and PISA-Bench
(``pisa_*``): answers that exercise their scorers: similarity scores with a decimal point or comma, out
of range, or none (the 3.0 fallback); sentiment letters, a letter inside a word, no letter (the -1
default); NoticIA summaries with punctuation, quotes and case to clean; PISA letters bare, bracketed,
with a period, several, an option's text, and none (a letter drawn from the seeded global stream)."""

from __future__ import annotations

STS = ("4", " 2,5", "3.75 pontos", "5", "1", "nota 6", "sem ideia", "\n4", " 1.2")
POLEMO2 = (" A", " B - Negatywny", " C", " D", " Odpowiedź: B", " ABC", " nie wiem", "C")
PISA = ("B", "(A) is right", "The answer is C.", "A B", "I think (B) and then (A)", "no idea", "maybe d", "",
        "It is definitely the option 1 of item 2 you see here")
NOTICIA = (" \"Nada\", dijo el ministro.", " La casa 1 es grande", " No.", " EL GATO 2 ESTÁ EN CASA!", "")


def generations(text: str) -> tuple[str, ...] | None:
    if "Qual é a similaridade semântica entre as frases acima?" in text:
        return STS
    if "Określ sentyment podanej opinii." in text:
        return POLEMO2
    if "Given the provided image <image>, answer following questions:" in text:
        return PISA
    if "desmontar titulares sensacionalistas" in text:
        return NOTICIA
    return None
