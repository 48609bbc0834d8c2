"""The record of changes: the audit log, each match's hash chain, and the actions' words (docs/audit.md)."""
