"""Provides the markdown of the demo's pages, by space and page path.

Links between pages are relative to the space's root (``endpoints/webhooks.md``) and appear
only on top-level pages, where a link relative to the page and one relative to the root agree.
Exactly one link is broken on purpose: the changelog's ``migration-guide.md``.
"""

from __future__ import annotations

__all__ = [
    "API_REFERENCE",
    "ARCHITECTURE",
    "COMMUNITY",
    "CONTRIBUTING",
    "DEPLOYING",
    "DESIGN_SYSTEM",
    "HANDBOOK",
    "JAVASCRIPT_SDK",
    "ONBOARDING",
    "PYTHON_SDK",
    "RELEASE_NOTES",
    "RUNBOOKS",
]

FENCE = "```"


def _md(text: str) -> str:
    """The text with ``~~~`` fences written as backticks, so the sources stay readable."""
    return text.replace("~~~", FENCE).strip() + "\n"


API_REFERENCE = {
    "quickstart": _md("""
# Quickstart

Deploy your first project on Northwind in about five minutes. You need a Northwind account and
Python 3.10 or later.

![Architecture](architecture.png)

## 1. Install the CLI

~~~bash
pip install northwind
northwind login
~~~

## 2. Create a project

~~~bash
northwind projects create hello-world --region eu-west
northwind deploy --project hello-world
~~~

## 3. Call the API

~~~python
from northwind import Client

client = Client(token="nw_live_...")
project = client.projects.get("hello-world")
print(project.status, project.url)
~~~

> **Tip:** keep tokens out of source control. The CLI and the SDKs read `NORTHWIND_TOKEN`
> from the environment.

## Next steps

- Read [Authentication](authentication.md) to choose the right kind of token.
- Browse the [Projects](endpoints/projects.md) and [Deployments](endpoints/deployments.md)
  endpoints.
- Subscribe to events with [Webhooks](endpoints/webhooks.md).
- Stay below the [rate limits](rate-limits.md) when you script against the API.
"""),
    "authentication": _md("""
# Authentication

Every request to `https://api.northwind.dev/v2` carries a bearer token in the `Authorization`
header. Tokens are tied to an organization; a request never reaches another organization's data.

| Token | Prefix | Lifetime | Use it for |
| --- | --- | --- | --- |
| Personal token | `nw_pat_` | until revoked | scripts and local tools |
| Project token | `nw_live_` | until revoked | servers and CI pipelines |
| OAuth access token | `nw_oat_` | 1 hour | apps acting for a user |

~~~bash
curl https://api.northwind.dev/v2/projects \\
  -H "Authorization: Bearer $NORTHWIND_TOKEN"
~~~

## Scopes

A token only does what its scopes allow: `projects:read`, `projects:write`, `deployments:write`
and `webhooks:admin`. Ask for the fewest scopes that work.

A request without a valid token is answered `401 Unauthorized`; a valid token without the scope
gets `403 Forbidden`. Both are described in [Errors](errors.md). To create a token, see
[API tokens](authentication/api-tokens.md); to act for your users, register an
[OAuth app](authentication/oauth-apps.md).
"""),
    "authentication/api-tokens": _md("""
# API tokens

Create personal tokens under **Settings → Developer → Tokens**, or from the CLI:

~~~bash
northwind tokens create ci-deploys --scope deployments:write --expires 90d
~~~

The secret is shown once. Store it in your CI's secret store, never in the repository.

## Rotating a token

1. Create the new token with the same scopes.
2. Update the secret in every pipeline that uses it.
3. Revoke the old token: `northwind tokens revoke ci-deploys-2025`.
"""),
    "authentication/oauth-apps": _md("""
# OAuth apps

OAuth apps act on behalf of a Northwind user with the authorization-code flow (PKCE required).

| Endpoint | URL |
| --- | --- |
| Authorize | `https://northwind.dev/oauth/authorize` |
| Token | `https://api.northwind.dev/oauth/token` |
| Revoke | `https://api.northwind.dev/oauth/revoke` |

Access tokens last one hour; refresh tokens last 60 days and rotate on every use.
"""),
    "endpoints/projects": _md("""
# Projects

A project is a deployable application: source, build settings, environments and domains.

| Method | Path | Scope |
| --- | --- | --- |
| `GET` | `/v2/projects` | `projects:read` |
| `POST` | `/v2/projects` | `projects:write` |
| `GET` | `/v2/projects/{id}` | `projects:read` |
| `PATCH` | `/v2/projects/{id}` | `projects:write` |
| `DELETE` | `/v2/projects/{id}` | `projects:write` |

~~~json
{
  "id": "prj_8Hq2vK",
  "name": "hello-world",
  "region": "eu-west",
  "framework": "fastapi",
  "createdAt": "2026-09-14T08:12:44Z"
}
~~~
"""),
    "endpoints/projects/create-a-project": _md("""
# Create a project

`POST /v2/projects` creates a project from a Git repository or an empty template.

~~~bash
curl -X POST https://api.northwind.dev/v2/projects \\
  -H "Authorization: Bearer $NORTHWIND_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"name": "billing-api", "region": "us-east", "repository": "acme/billing-api"}'
~~~

Names are unique in an organization, 3 to 40 characters of lowercase letters, digits and dashes.
"""),
    "endpoints/projects/list-projects": _md("""
# List projects

`GET /v2/projects` returns projects newest first, 50 per page.

| Parameter | Type | Description |
| --- | --- | --- |
| `cursor` | string | the `next` cursor of the previous page |
| `region` | string | only projects in this region |
| `archived` | boolean | include archived projects (default `false`) |
"""),
    "endpoints/projects/project-settings": _md("""
# Project settings

`PATCH /v2/projects/{id}` updates build and runtime settings. Omitted fields keep their value;
`null` resets a field to its default.

~~~json
{
  "buildCommand": "uv sync && uv run pytest",
  "outputDirectory": "dist",
  "nodeVersion": null,
  "healthCheck": {"path": "/healthz", "timeoutSeconds": 5}
}
~~~
"""),
    "endpoints/projects/project-settings/environment-variables": _md("""
# Environment variables

Variables are encrypted at rest and injected at build and run time.

~~~bash
northwind env set DATABASE_URL "postgres://..." --project billing-api --environment production
northwind env ls --project billing-api
~~~

> **Warning:** changing a variable does not restart running deployments. Redeploy to apply it.
"""),
    "endpoints/deployments": _md("""
# Deployments

A deployment is an immutable build of a project at one commit. Promote a deployment to move
traffic to it; roll back by promoting an earlier one.

| Status | Meaning |
| --- | --- |
| `queued` | waiting for a builder |
| `building` | installing dependencies and building |
| `ready` | built, reachable at its preview URL |
| `live` | serving production traffic |
| `failed` | the build or the health check failed |
"""),
    "endpoints/deployments/create-a-deployment": _md("""
# Create a deployment

~~~python
deployment = client.deployments.create(
    project="billing-api",
    ref="main",
    environment="staging",
)
deployment.wait(timeout=600)
print(deployment.status, deployment.preview_url)
~~~

Builds time out after 30 minutes. Logs stream from `GET /v2/deployments/{id}/logs`.
"""),
    "endpoints/deployments/rollbacks": _md("""
# Rollbacks

Rolling back promotes the previous `ready` deployment; nothing is rebuilt, so it takes seconds.

~~~bash
northwind rollback --project billing-api --to dpl_71bXe
~~~
"""),
    "endpoints/webhooks": _md("""
# Webhooks

Webhooks send an HTTPS `POST` to your endpoint when something happens in your organization.
Deliveries are retried with exponential backoff for 24 hours until your endpoint answers `2xx`.

~~~json
{
  "id": "evt_3kTt9w",
  "type": "deployment.ready",
  "createdAt": "2026-10-28T14:03:11Z",
  "data": {"deployment": "dpl_9QmV2", "project": "prj_8Hq2vK"}
}
~~~
"""),
    "endpoints/webhooks/event-types": _md("""
# Event types

| Event | Sent when |
| --- | --- |
| `project.created` | a project is created |
| `deployment.ready` | a build succeeded |
| `deployment.failed` | a build or health check failed |
| `deployment.promoted` | a deployment starts serving production traffic |
| `domain.verified` | a custom domain's DNS is verified |
"""),
    "endpoints/webhooks/verifying-signatures": _md("""
# Verifying signatures

Each delivery carries `Northwind-Signature: t=<timestamp>,v1=<hmac>`. Compute the HMAC-SHA256 of
`<timestamp>.<body>` with your endpoint's secret and compare in constant time.

~~~python
import hashlib
import hmac


def verify(secret: str, header: str, body: bytes) -> bool:
    fields = dict(part.split("=", 1) for part in header.split(","))
    signed = fields["t"].encode() + b"." + body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, fields["v1"])
~~~

Reject deliveries whose timestamp is more than five minutes old.
"""),
    "errors": _md("""
# Errors

Errors use conventional HTTP status codes and a JSON body with a stable `code`.

~~~json
{
  "error": {
    "code": "project_not_found",
    "message": "No project with id prj_404 in this organization.",
    "requestId": "req_01HF3Z"
  }
}
~~~

| Status | Code | What to do |
| --- | --- | --- |
| 400 | `invalid_request` | fix the field named in `message` |
| 401 | `unauthorized` | send a valid token, see [Authentication](authentication.md) |
| 403 | `forbidden` | the token lacks a scope |
| 404 | `*_not_found` | check the id and the organization |
| 409 | `conflict` | the resource changed; fetch it and retry |
| 429 | `rate_limited` | wait for `Retry-After`, see [Rate limits](rate-limits.md) |
| 5xx | `internal` | retry with backoff and quote the `requestId` to support |
"""),
    "rate-limits": _md("""
# Rate limits

Limits apply per token over a sliding window of one minute.

| Plan | Reads / min | Writes / min | Deployments / hour |
| --- | ---: | ---: | ---: |
| Hobby | 300 | 60 | 20 |
| Team | 1,200 | 240 | 120 |
| Enterprise | 6,000 | 1,200 | unlimited |

Every response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.
When you go over, the API answers `429` with a `Retry-After` header (see [Errors](errors.md)).
"""),
    "changelog": _md("""
# Changelog

## 2026-10-14 · v2.8

- New event `deployment.promoted` in [event types](endpoints/webhooks/event-types.md).
- Write limits doubled on the Team plan; see [Rate limits](rate-limits.md).

## 2026-09-02 · v2.7

- `PATCH /v2/projects/{id}` accepts `healthCheck`; see
  [Project settings](endpoints/projects/project-settings.md).
- Rollbacks no longer rebuild: they promote the previous deployment.

## 2026-06-30 · v2.0

Version 2 replaces API keys with scoped tokens. The [migration guide](migration-guide.md) lists
every renamed field and endpoint.
"""),
}

DEPLOYING = {
    "overview": _md("""
# Overview

Ship to production safely: every change goes through staging, a canary and an automatic
rollback if error rates rise.

![Deployment pipeline](deploy-pipeline.png)

1. Check the [prerequisites](prerequisites.md).
2. Configure your [environments](environments.md).
3. Release with a [canary](canary-releases.md) and watch the [dashboards](monitoring.md).
"""),
    "prerequisites": _md("""
# Prerequisites

- A project on the Team or Enterprise plan.
- A token with the `deployments:write` scope stored as `NORTHWIND_TOKEN` in your CI.
- A health check endpoint that answers `200` within five seconds.
"""),
    "environments": _md("""
# Environments

Each project has `preview`, `staging` and `production`. Production only accepts deployments that
passed staging.
"""),
    "environments/staging": _md("""
# Staging

Staging mirrors production's configuration with a copy of last night's anonymised data.

~~~bash
northwind deploy --project billing-api --environment staging --wait
~~~
"""),
    "environments/production": _md("""
# Production

Production deployments need an approval from a code owner, given in the dashboard or with
`northwind approve dpl_9QmV2`.
"""),
    "canary-releases": _md("""
# Canary releases

A canary receives a small share of traffic before the rollout continues.

~~~yaml
# northwind.yaml
deploy:
  strategy: canary
  steps:
    - weight: 5
      pause: 10m
    - weight: 25
      pause: 15m
    - weight: 100
  rollback:
    errorRate: 2%
    p95LatencyMs: 800
~~~

> **Note:** a rollback during a canary sends every user back to the previous deployment within
> 30 seconds.
"""),
    "monitoring": _md("""
# Monitoring

| Signal | Alert when | Dashboard |
| --- | --- | --- |
| Error rate | above 2% for 5 minutes | Service health |
| p95 latency | above 800 ms | Service health |
| Saturation | CPU above 85% | Capacity |
"""),
}

HANDBOOK = {
    "welcome": _md("""
# Welcome

Welcome to Northwind Labs! This handbook is how we work, written down. If something here is
wrong or missing, open a change request: the handbook belongs to all of us.

- [How we work](how-we-work.md): meetings, writing and on-call.
- [Benefits](benefits.md): time off, equipment and learning budget.
- [Tools we use](tools-we-use.md): where things live.
"""),
    "how-we-work": _md("""
# How we work

We are remote-first across four time zones, so we write things down and keep meetings few.
"""),
    "how-we-work/meetings": _md("""
# Meetings

- Every meeting has an agenda in its invite, or it does not happen.
- Notes go in the team space the same day.
- Wednesday afternoons are meeting-free.
"""),
    "how-we-work/writing-docs": _md("""
# Writing docs

Write for the reader who arrives from search: lead with the task, show a working example, then
explain. Keep pages short and link to the rest.
"""),
    "how-we-work/on-call": _md("""
# On-call

Engineers join the rotation after their third month. Shifts last one week, hand-offs are on
Mondays at 10:00 UTC, and every page is followed by a short note in #incidents.
"""),
    "benefits": _md("""
# Benefits

| Benefit | Allowance |
| --- | --- |
| Time off | 30 days plus public holidays |
| Equipment | €2,500 every three years |
| Learning | €1,000 a year |
| Coworking | up to €300 a month |
"""),
    "tools-we-use": _md("""
# Tools we use

| Need | Tool |
| --- | --- |
| Chat | Slack |
| Code | GitHub |
| Docs | this workspace |
| Incidents | PagerDuty |
"""),
}

PYTHON_SDK = {
    "installation": _md("""
# Installation

The Python SDK supports Python 3.10 and later.

~~~bash
pip install northwind
# or
uv add northwind
~~~

~~~python
from northwind import Client

client = Client()  # reads NORTHWIND_TOKEN
for project in client.projects.list():
    print(project.name, project.region)
~~~

Next: [configuration](configuration.md), then [usage](usage.md).
"""),
    "configuration": _md("""
# Configuration

| Variable | Default | Description |
| --- | --- | --- |
| `NORTHWIND_TOKEN` | — | the token to authenticate with |
| `NORTHWIND_BASE_URL` | `https://api.northwind.dev/v2` | for proxies and tests |
| `NORTHWIND_TIMEOUT` | `30` | seconds before a request gives up |
| `NORTHWIND_MAX_RETRIES` | `3` | retries of `429` and `5xx` answers |
"""),
    "usage": _md("""
# Usage

The client mirrors the API: `client.projects`, `client.deployments`, `client.webhooks`.
Lists are iterators that fetch the next page when needed.
"""),
    "usage/deployments": _md("""
# Deployments

~~~python
deployment = client.deployments.create(project="billing-api", ref="main")
for line in deployment.logs(follow=True):
    print(line.text)
~~~
"""),
    "usage/async-client": _md("""
# Async client

~~~python
import asyncio

from northwind import AsyncClient


async def main() -> None:
    async with AsyncClient() as client:
        projects = [p async for p in client.projects.list()]
        print(len(projects), "projects")


asyncio.run(main())
~~~
"""),
    "error-handling": _md("""
# Error handling

Every error derives from `northwind.NorthwindError`.

~~~python
from northwind import NotFoundError, RateLimitedError

try:
    client.projects.get("nope")
except NotFoundError:
    print("no such project")
except RateLimitedError as error:
    print(f"retry in {error.retry_after}s")
~~~
"""),
}

JAVASCRIPT_SDK = {
    "getting-started": _md("""
# Getting started

~~~bash
npm install @northwind/sdk
~~~

~~~typescript
import { Northwind } from "@northwind/sdk";

const northwind = new Northwind({ token: process.env.NORTHWIND_TOKEN });
const projects = await northwind.projects.list({ region: "eu-west" });
console.log(projects.map((project) => project.name));
~~~

Runs on Node 18+, Deno, Bun and edge runtimes. See the [examples](examples.md).
"""),
    "examples": _md("""
# Examples

Complete apps live in the `northwind-labs/examples` repository.
"""),
    "examples/next-js": _md("""
# Next.js

~~~typescript
// app/api/deploy/route.ts
import { Northwind } from "@northwind/sdk";

export async function POST(): Promise<Response> {
  const northwind = new Northwind();
  const deployment = await northwind.deployments.create({ project: "site", ref: "main" });
  return Response.json({ id: deployment.id });
}
~~~
"""),
    "examples/cloudflare-workers": _md("""
# Cloudflare Workers

~~~typescript
export default {
  async fetch(request: Request, env: { NORTHWIND_TOKEN: string }): Promise<Response> {
    const northwind = new Northwind({ token: env.NORTHWIND_TOKEN, fetch });
    const project = await northwind.projects.get("edge-api");
    return Response.json({ status: project.status });
  },
};
~~~
"""),
    "typescript-types": _md("""
# TypeScript types

Every response is typed. Import the types you need:

~~~typescript
import type { Deployment, DeploymentStatus, Project } from "@northwind/sdk";

function isLive(deployment: Deployment): boolean {
  const live: DeploymentStatus = "live";
  return deployment.status === live;
}
~~~
"""),
}

RUNBOOKS = {
    "incident-response": _md("""
# Incident response

When something breaks, the first responder declares an incident in #incidents with `/incident`.

| Severity | Example | Response |
| --- | --- | --- |
| SEV1 | API down for all customers | page the on-call lead, status page within 10 min |
| SEV2 | deployments failing in one region | on-call engineer, status page within 30 min |
| SEV3 | dashboard slow | next business day |

1. Stabilise first: roll back, fail over, or shed load.
2. Keep a timeline in the incident channel.
3. Write the [postmortem](postmortem-template.md) within five working days.

Playbooks: [database failover](runbooks/database-failover.md),
[API latency spike](runbooks/api-latency-spike.md),
[certificate expiry](runbooks/certificate-expiry.md).
"""),
    "runbooks/database-failover": _md("""
# Database failover

Use when the primary PostgreSQL instance is unreachable for more than two minutes.

~~~bash
northwind-ops db status --cluster core-eu
northwind-ops db promote --cluster core-eu --replica core-eu-2
northwind-ops db verify --cluster core-eu
~~~

> **Warning:** promoting a replica that lags more than 30 seconds loses writes. Check
> `replication_lag_seconds` first.
"""),
    "runbooks/api-latency-spike": _md("""
# API latency spike

1. Open the *Service health* dashboard and find the slowest route.
2. Check recent deployments: `northwind deployments list --project api --limit 5`.
3. If a deployment matches the start of the spike, roll it back.
4. Otherwise scale out: `northwind scale api --min 12`.
"""),
    "runbooks/certificate-expiry": _md("""
# Certificate expiry

Certificates renew automatically 30 days before expiry. When renewal fails, the alert names the
domain; re-run it with `northwind-ops certs renew --domain <domain>` and check the DNS records.
"""),
    "postmortem-template": _md("""
# Postmortem template

## Summary
What happened, who was affected, for how long.

## Timeline
| Time (UTC) | Event |
| --- | --- |
| 14:02 | alert fired |

## Root cause

## What we will change
- [ ] Action, owner, due date
"""),
}

ONBOARDING = {
    "your-first-week": _md("""
# Your first week

- [ ] Get your laptop and accounts (GitHub, Slack, Northwind staff org).
- [ ] Follow [local setup](local-setup.md) and run the test suite.
- [ ] Read the [codebase tour](codebase-tour.md).
- [ ] Ship a small change with your onboarding buddy.
- [ ] Look up words you don't know in the [glossary](glossary.md).
"""),
    "local-setup": _md("""
# Local setup

~~~bash
git clone git@github.com:northwind-labs/platform.git
cd platform
make bootstrap   # installs uv, node and the pre-commit hooks
make dev         # starts the API on :8080 and the dashboard on :3000
~~~
"""),
    "codebase-tour": _md("""
# Codebase tour

The platform is a monorepo of services that talk over NATS.
"""),
    "codebase-tour/services": _md("""
# Services

| Service | Language | Owns |
| --- | --- | --- |
| `api` | Python | the public REST API |
| `builder` | Go | builds and images |
| `router` | Rust | edge routing and TLS |
| `dashboard` | TypeScript | the web app |
"""),
    "codebase-tour/repositories": _md("""
# Repositories

- `platform`: every service, deployed together.
- `sdk-python` and `sdk-js`: the public SDKs.
- `docs`: synced with this workspace.
"""),
    "glossary": _md("""
# Glossary

| Term | Meaning |
| --- | --- |
| Canary | a deployment that receives a small share of traffic first |
| Promote | move production traffic to a deployment |
| Region | a group of data centres, e.g. `eu-west` |
"""),
}

ARCHITECTURE = {
    "about-adrs": _md("""
# About ADRs

An architecture decision record captures one significant decision: its context, the options,
and the consequences. ADRs are never edited after acceptance; a new ADR supersedes an old one.

![Event flow](event-flow.png)

Accepted: [ADR-001](accepted/adr-001-use-postgresql.md),
[ADR-002](accepted/adr-002-events-on-nats.md). Superseded:
[ADR-003](superseded/adr-003-build-cache-on-s3.md).
"""),
    "accepted/adr-001-use-postgresql": _md("""
# ADR-001: Use PostgreSQL

**Status:** accepted · **Date:** 2024-03-11

## Context
We need transactional storage for projects, deployments and billing.

## Decision
Use PostgreSQL 16 with logical replication to a replica per region.

## Consequences
- One well-known database for every service.
- Cross-region writes go through the primary.
"""),
    "accepted/adr-002-events-on-nats": _md("""
# ADR-002: Events on NATS

**Status:** accepted · **Date:** 2024-09-02

Services publish domain events on NATS JetStream subjects such as `deployments.ready`.

~~~yaml
stream: DEPLOYMENTS
subjects: ["deployments.>"]
retention: limits
max_age: 168h
~~~
"""),
    "superseded/adr-003-build-cache-on-s3": _md("""
# ADR-003: Build cache on S3

**Status:** superseded by ADR-007 · **Date:** 2025-01-20

Build layers were cached in S3. Cold starts of the builder made this slower than a local cache.
"""),
}

RELEASE_NOTES = {
    "v4-2-october-2026": _md("""
# v4.2 — October 2026

## New
- **Canary releases** for every plan, with automatic rollback.
- `deployment.promoted` webhook event.

## Improved
- Builds of Python projects are 40% faster thanks to a shared `uv` cache.

## Fixed
- Custom domains with uppercase letters no longer fail verification.
"""),
    "v4-1-august-2026": _md("""
# v4.1 — August 2026

- Environment variables can be scoped to one environment.
- The dashboard shows build logs live.
"""),
    "v4-0-june-2026": _md("""
# v4.0 — June 2026

Scoped tokens replace API keys. Keys keep working until 31 December 2026.
"""),
}

DESIGN_SYSTEM = {
    "principles": _md("""
# Principles

1. **Clear before clever.** Every screen answers: where am I, what can I do?
2. **Calm by default.** Colour is for status, not decoration.
3. **Fast to the keyboard.** Every action has a shortcut.

![Palette](color-palette.png)

Start with the [foundations](foundations.md), then the [components](components.md).
"""),
    "foundations": _md("""
# Foundations

Colour, type and spacing tokens shared by the dashboard and the docs.
"""),
    "foundations/color": _md("""
# Color

| Token | Light | Dark | Use |
| --- | --- | --- | --- |
| `accent` | `#3B5BDB` | `#748FFC` | links, primary buttons |
| `success` | `#2F9E44` | `#69DB7C` | live, ready |
| `warning` | `#F08C00` | `#FFC078` | building, degraded |
| `danger` | `#E03131` | `#FF8787` | failed, destructive actions |
"""),
    "foundations/typography": _md("""
# Typography

Inter for text, JetBrains Mono for code. Body text is 15 px on a 24 px line.
"""),
    "foundations/spacing": _md("""
# Spacing

A 4 px scale: `space-1` = 4 px up to `space-8` = 32 px.
"""),
    "components": _md("""
# Components

Components live in `@northwind/ui` and are documented with live examples.
"""),
    "components/button": _md("""
# Button

~~~typescript
import { Button } from "@northwind/ui";

export function DeployButton({ onDeploy }: { onDeploy: () => void }) {
  return (
    <Button variant="primary" icon="rocket" onClick={onDeploy}>
      Deploy
    </Button>
  );
}
~~~

| Variant | When |
| --- | --- |
| `primary` | the one main action of a view |
| `secondary` | other actions |
| `danger` | destructive actions, always confirmed |
"""),
    "components/modal": _md("""
# Modal

Use modals for short, blocking decisions. Escape closes them; focus returns to the trigger.
"""),
}

COMMUNITY = {
    "code-of-conduct": _md("""
# Code of conduct

We want the Northwind community to be welcoming to everyone. Be kind, assume good intent, and
keep discussions about ideas, not people.

## Unacceptable behaviour

- Harassment, insults or discriminatory jokes.
- Publishing others' private information.
- Sustained disruption of discussions.

Report problems as described in [Reporting](reporting.md).
"""),
    "reporting": _md("""
# Reporting

Write to conduct@northwind.dev. Reports are read by two moderators within 48 hours and kept
confidential.

| Step | Within |
| --- | --- |
| Acknowledgement | 48 hours |
| Decision | 7 days |
| Appeal | 14 days after the decision |
"""),
    "moderation": _md("""
# Moderation

Moderators may warn, mute for up to 30 days, or ban. Every action is logged for the other
moderators.
"""),
}

CONTRIBUTING = {
    "contributing": _md("""
# Contributing

Thanks for helping! Start with an issue labelled `good first issue`, then follow the
[development setup](development-setup.md) and the
[pull request checklist](pull-request-checklist.md).
"""),
    "development-setup": _md("""
# Development setup

~~~bash
git clone https://github.com/northwind-labs/northwind-cli.git
cd northwind-cli
uv sync
uv run pytest
~~~
"""),
    "pull-request-checklist": _md("""
# Pull request checklist

- [ ] Tests cover the change.
- [ ] `uv run ruff check` passes.
- [ ] The changelog has an entry under *Unreleased*.
"""),
}
