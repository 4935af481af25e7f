"""The ways of service the ordinances name, turned into the words an affidavit prints.

Its own module, importing nothing, so the command line can offer them as choices without
loading the catalogue and every computation behind it.
"""

# A notice lists the ones its ordinance allows; the register records which was used.
SERVICE_METHODS = {
    "hand_owner": "hand delivery to an owner",
    "hand_suitable_age": "hand delivery to a person of suitable age and discretion at the dwelling",
    "email": "email to the address on file",
    "door_and_phone": "posting on the front door and a call to the telephone number on file",
    "certified_mail": "certified mail, return receipt requested",
    "registered_mail": "registered mail",
    "first_class_mail": "first-class mail to the last known address",
    "leave_with_adult": "leaving it with an adult on the premises",
    "post_on_premises": "posting it on the premises",
    "present_personally": "presenting it personally",
    "leave_at_residence": "leaving it at the residence",
    "mail_nonresident": "mailing it to a non-resident's last known residence",
    "publication": "publication in the official newspaper",
    "file_with_officer": "filing it in the office of the officer it is addressed to",
}

# The class of mail each mailing method went by, as an affidavit of mailing names it: where the
# envelope was addressed is the record's own address, never "the last known address".
MAIL_CLASSES = {
    "certified_mail": "certified mail, return receipt requested",
    "registered_mail": "registered mail",
    "first_class_mail": "first-class mail",
    "mail_nonresident": "first-class mail",
}

# The methods that send the document by mail, and those of them with a return receipt or
# tracking that shows when it arrived.
MAIL_METHODS = frozenset(
    {"certified_mail", "registered_mail", "first_class_mail", "mail_nonresident"}
)
TRACKED_MAIL = frozenset({"certified_mail", "registered_mail"})
