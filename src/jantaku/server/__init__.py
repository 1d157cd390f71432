"""The table server: lobby, live tables (one owner each), storage, accounts, ranks, timers.

Clients send intentions over a WebSocket, the engine decides, and every accepted action is
stored before its result is sent out (docs/protocol.md)."""
