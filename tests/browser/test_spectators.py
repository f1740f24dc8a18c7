"""Spectators at the browser table: the count of who watches shows at the table; the host
decides whether spectators chat (a box when opening the room, a switch at the table), and a
spectator's page shows its chat form only while they may, their lines marked as a
spectator's."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from bigtwo.client import Client

from .test_table import close_menu, menu


def test_spectators_are_counted_and_chat_as_the_host_decides(context: Any, server: str) -> None:
    ws = server.replace("http", "ws") + "/ws"
    ann = Client.connect(ws)
    code = ann.create("Ann", seats=["easy", "easy", "easy"], pace="instant")
    sue = context.new_page()  # a spectator's page: no chat until the host lets her
    sue.goto(f"{server}/#room={code}")
    sue.get_by_label("Your name").fill("Sue")
    sue.get_by_role("button", name="Watch", exact=True).click()
    sue.get_by_text("Watching: 1", exact=True).wait_for()
    message = sue.get_by_role("textbox", name="Message")
    assert message.count() == 0 or not message.is_visible()
    ann.send({"type": "host", "what": "spectators_chat", "allow": True})
    message.wait_for()
    message.fill("hello from the stand")
    sue.get_by_role("button", name="Send", exact=True).click()
    said = ann.expect("chat")
    assert (said["seat"], said["name"], said["text"]) == (None, "Sue", "hello from the stand")
    sue.locator("#chat").get_by_text("Sue (watching):").wait_for()
    ann.close()

    host = context.new_page()  # the host's page: the box when opening, the switch after
    host.goto(server)
    host.get_by_label("Your name").fill("Ann")
    host.get_by_label("Spectators may chat").check()
    host.get_by_role("button", name="Open the room", exact=True).click()
    host.wait_for_url("**#room=*")
    mine = host.url.split("#room=")[1]
    tom = Client.connect(ws)
    tom.watch(mine)
    host.get_by_text("Watching: 1", exact=True).wait_for()
    tom.send({"type": "chat", "text": "allowed"})
    host.locator("#chat").get_by_text("A spectator:").wait_for()
    switch = menu(host).get_by_role("switch", name="Spectators may chat")  # in the room's menu
    assert switch.get_attribute("aria-checked") == "true"
    switch.click()
    menu(host).get_by_role("switch", name="Spectators may chat", checked=False).wait_for()
    close_menu(host)
    tom.send({"type": "chat", "text": "still?"})
    assert tom.expect("error")["code"] == "spectators_quiet"
    tom.close()
    host.get_by_text("Watching: 1", exact=True).wait_for(state="detached")


def test_a_chat_line_follows_the_catalogues_order_with_the_name_in_bold(
    context: Any, server: str
) -> None:
    """`chat.line` may put the name after the text (a language that says "gg (Ann)"): the
    line reads as the catalogue words it, and the bold part is still the name."""

    def amended(route: Any) -> None:
        catalogue = route.fetch().json()
        catalogue["chat.line"] = "{text} ({name})"
        route.fulfill(json=catalogue)

    context.route("**/i18n/en.json", amended)
    ws = server.replace("http", "ws") + "/ws"
    ann = Client.connect(ws)
    code = ann.create("Ann", seats=["easy", "easy", "easy"], pace="instant")
    sue = context.new_page()
    sue.goto(f"{server}/#room={code}")
    sue.get_by_label("Your name").fill("Sue")
    sue.get_by_role("button", name="Watch", exact=True).click()
    sue.get_by_text("Watching: 1", exact=True).wait_for()
    ann.send({"type": "chat", "text": "gg"})
    line = sue.locator("#chat li")
    expect(line).to_have_text("gg (Ann)")
    expect(line.locator("b")).to_have_text("Ann")
    ann.close()
