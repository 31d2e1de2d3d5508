// A scorekeeping app's table, typed from the committed OpenAPI document alone (docs/openapi.json,
// turned into schema.d.ts by openapi-typescript): no cast, no type written by hand. Run by
// tests/contract/test_typescript_client.py against a live server: who am I, a table of round 1,
// five deals to the end of its match, the offline queue's answers, the deals read back, the result
// confirmed; a Daguai event edited with a PATCH that sends only what it sets.
import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

const base = process.env["CONTRACT_BASE_URL"] ?? "";
const token = process.env["CONTRACT_TOKEN"] ?? "";
const slug = process.env["CONTRACT_EVENT"] ?? "";
const api = createClient<paths>({ baseUrl: base, headers: { Authorization: `Token ${token}` } });

function fail(what: string, detail: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(detail)}`);
}

const me = await api.GET("/api/v1/me/");
if (!me.data) fail("me", me.error);
const organises = me.data.roles.some((role) => role.event === slug && role.role === "organizer");
if (!organises) fail("me: not the event's organiser", me.data);

const tables = await api.GET("/api/v1/events/{event_slug}/matches/", {
  params: { path: { event_slug: slug }, query: { round: 1 } },
});
if (!tables.data) fail("tables", tables.error);
let table: number | null = null;
for (const match of tables.data.results) {
  if (match.status !== "scheduled") continue;
  const deals = await api.GET("/api/v1/matches/{id}/deals/", { params: { path: { id: match.id } } });
  if (deals.data && deals.data.length === 0 && (table === null || match.table < table)) table = match.table;
}
const match = tables.data.results.find((candidate) => candidate.table === table);
if (!match) fail("no unplayed table", tables.data.results.length);

for (let number = 1; number <= 5; number += 1) {
  const posted = await api.POST("/api/v1/matches/{id}/deals/", {
    params: { path: { id: match.id }, header: { "Idempotency-Key": `ts-${match.id}-${number}` } },
    body: { number, finishing_order: ["N", "S"] },
  });
  if (!posted.data) fail(`deal ${number}`, posted.error);
  if (posted.data.deal.number !== number) fail("deal number", posted.data.deal);
}
// The phone's offline queue sends the last deal again and one past the end: each answer narrowed on
// `kind`, then `outcome`, to the single endpoint's answer or its problem (no `"state" in body`).
const synced = await api.POST("/api/v1/sync", {
  body: {
    items: [
      { key: `ts-sync-${match.id}-5`, kind: "deal", match: match.id, body: { number: 5, finishing_order: ["N", "S"] } },
      { key: `ts-sync-${match.id}-6`, kind: "deal", match: match.id, body: { number: 6, finishing_order: ["N", "S"] } },
    ],
  },
});
if (!synced.data) fail("sync", synced.error);
// (TypeScript narrows a union on the branch that names a value: each outcome is named.)
const outcomes: string[] = [];
for (const answer of synced.data.items) {
  if (answer.kind !== "deal") fail("sync: not a deal's answer", answer);
  if (answer.outcome === "applied" || answer.outcome === "already_applied") {
    outcomes.push(`${answer.outcome}:${answer.body.state.game_code}:${answer.body.deal.number}`);
  } else if (answer.outcome === "conflict" || answer.outcome === "refused") {
    outcomes.push(`${answer.outcome}:${answer.body.code}`);
  }
}

const deals = await api.GET("/api/v1/matches/{id}/deals/", { params: { path: { id: match.id } } });
if (!deals.data) fail("deals", deals.error);
const levels = deals.data.map((deal) => deal.level);
if (deals.data.some((deal) => deal.leader !== null)) fail("a leader not recorded is null", deals.data);

const submitted = await api.POST("/api/v1/matches/{id}/result", {
  params: { path: { id: match.id } },
  body: { confirm: true },
});
if (!submitted.data) fail("result", submitted.error);
const result = await api.GET("/api/v1/matches/{id}/result", { params: { path: { id: match.id } } });
if (!result.data) fail("result read", result.error);
const official = result.data.official;
if (result.data.status !== "confirmed" || official === null || official.winner !== "NS") fail("official", result.data);

const created = await api.POST("/api/v1/events/", {
  body: { slug: "daguai-ts", name: "Daguai (TypeScript)", game: "daguai" },
});
if (!created.data) fail("daguai event", created.error);
const edited = await api.PATCH("/api/v1/events/{event_slug}/", {
  params: { path: { event_slug: "daguai-ts" } },
  body: { venue: "The tea house" },
});
if (!edited.data) fail("daguai edit", edited.error);
if (edited.data.game !== "daguai") fail("the edit changed the game", edited.data);

console.log(JSON.stringify({ table: match.table, levels, synced: outcomes, winner: official.winner, game: edited.data.game }));
