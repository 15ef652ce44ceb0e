"""GreekMMLU prompt helpers (reference 004): Greek instruction, Greek subject name, labels Α-Δ."""

from __future__ import annotations

# "This is a question about {subject}. Choose the correct answer!\n\nQuestion: {q}\n{options}
# \n\n Answer:" -- note the space before "Απάντηση:".
PROMPT = (
    "Αυτό είναι μια ερώτηση {}. Επίλεξε τη σωστή απάντηση!\n\n"
    "Ερώτηση: {}\n{}\n\n Απάντηση:"
)

# Greek capital letters U+0391..U+0394, not Latin A-D.
LABELS = ("\u0391", "\u0392", "\u0393", "\u0394")

# English subject name (the dataset's `subject` field) -> Greek genitive used in the prompt.
# A subject missing here is written in English.
SUBJECTS_GREEK = {
    "Economics": "Οικονομικών",
    "Education": "Παιδαγωγικής",
    "Medicine": "Ιατρικής",
    "Electrical Engineering": "Ηλεκτρολόγων Μηχανικών",
    "Greek Mythology": "Ελληνικής Μυθολογίας",
    "Computer Networks & Security": "Δικτύων Υπολογιστών και Ασφάλειας",
    "Law": "Νομικής",
    "Physics": "Φυσικής",
    "Government and Politics": "Διακυβέρνησης και Πολιτικής",
    "Art": "Τέχνης",
    "Greek Literature": "Νεοελληνικής Λογοτεχνίας",
    "World History": "Παγκόσμιας Ιστορίας",
    "General Knowledge": "Γενικών Γνώσεων",
    "World Religions": "Παγκόσμιων Θρησκειών",
    "Mathematics": "Μαθηματικών",
    "Clinical Knowledge": "Κλινικών Γνώσεων",
    "Driving Rules": "Κανόνων Οδικής Κυκλοφορίας",
    "Biology": "Βιολογίας",
    "Civil Engineering": "Πολιτικών Μηχανικών",
    "Computer Science": "Επιστήμης Υπολογιστών",
    "Geography": "Γεωγραφίας",
    "Chemistry": "Χημείας",
    "Prehistory": "Προϊστορίας",
    "Agriculture": "Γεωργίας",
    "Modern Greek Language": "Νεοελληνικής Γλώσσας",
    "Accounting": "Λογιστικής",
    "Greek History": "Ελληνικής Ιστορίας",
    "Management": "Διοίκησης Επιχειρήσεων",
    "Greek Traditions": "Ελληνικών Παραδόσεων",
    # sic: no accent on the first word, as in the published prompt set
    "Maritime Safety and Rescue Operations": "Ναυαγοσωστικων Λειτουργιών και Ασφάλειας στη Θάλασσα",
}


def doc_to_text(doc: dict) -> str:
    subject = SUBJECTS_GREEK.get(doc["subject"], doc["subject"])
    options = "\n".join(f"{LABELS[i]}. {choice}" for i, choice in enumerate(doc["choices"]))
    return PROMPT.format(subject, doc["question"], options)


def doc_to_choice(doc: dict) -> list[str]:
    return list(LABELS[: len(doc["choices"])])
