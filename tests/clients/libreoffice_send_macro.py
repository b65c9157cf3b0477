# A LibreOffice Python macro for tests/clients/libreoffice_send_test.py: it runs inside
# soffice.bin (vnd.sun.star.script:libreoffice_send_macro.py$run?language=Python&location=user),
# so what it calls is LibreOffice's own code, started from LibreOffice's own process.
# LO_TEST_DOC: the document; LO_TEST_TALK: a folder for what it did (sent.json, linked.json) and
# the test's signals (next, done).
import json
import os
import tempfile
import time

import uno
from com.sun.star.beans import PropertyValue


def _prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def _tell(talk, name, what):
    with open(os.path.join(talk, name + ".partial"), "w") as f:
        json.dump(what, f)
    os.rename(os.path.join(talk, name + ".partial"), os.path.join(talk, name))


def _wait(talk, name, seconds=90):
    deadline = time.monotonic() + seconds
    while not os.path.exists(os.path.join(talk, name)) and time.monotonic() < deadline:
        time.sleep(0.1)


def run(*args):
    talk = os.environ["LO_TEST_TALK"]
    ctx = XSCRIPTCONTEXT.getComponentContext()  # noqa: F821 (given to macros by LibreOffice)
    smgr = ctx.ServiceManager
    doc = XSCRIPTCONTEXT.getDesktop().loadComponentFromURL(  # noqa: F821
        uno.systemPathToFileUrl(os.environ["LO_TEST_DOC"]), "_blank", 0, (_prop("Hidden", True),))
    try:
        # SfxMailModel::SaveDocumentAsFormat: a new folder in LibreOffice's temp folder, the
        # document's name with the export's extension in it.
        probe = smgr.createInstanceWithContext("com.sun.star.io.TempFile", ctx)
        base = os.path.dirname(uno.fileUrlToSystemPath(probe.Uri))
        folder = tempfile.mkdtemp(prefix="lu", suffix=".tmp", dir=base)
        name = os.path.splitext(os.path.basename(os.environ["LO_TEST_DOC"]))[0] + ".pdf"
        pdf = os.path.join(folder, name)
        doc.storeToURL(uno.systemPathToFileUrl(pdf), (_prop("FilterName", "writer_pdf_Export"),))
        # SfxMailModel::Send: the SimpleCommandMail service runs senddoc (cmdmailsuppl.cxx).
        client = smgr.createInstanceWithContext("com.sun.star.system.SimpleCommandMail", ctx).querySimpleMailClient()
        msg = client.createSimpleMailMessage()
        msg.setSubject(name)
        msg.setAttachement((uno.systemPathToFileUrl(pdf),))
        client.sendSimpleMailMessage(msg, 0)
        _tell(talk, "sent.json", {"pdf": pdf})
        _wait(talk, "next")
        # A hyperlink clicked in a document: sfx2 hands it to SystemShellExecute (shellexec.cxx).
        link = "mailto:boss@example.org?subject=Report&attach=" + uno.systemPathToFileUrl(pdf)
        shell = smgr.createInstanceWithContext("com.sun.star.system.SystemShellExecute", ctx)
        shell.execute(link, "", 1)  # SystemShellExecuteFlags.URIS_ONLY
        _tell(talk, "linked.json", {"link": link})
        _wait(talk, "done")  # LibreOffice deletes its temp folder when it exits
    finally:
        doc.close(True)
