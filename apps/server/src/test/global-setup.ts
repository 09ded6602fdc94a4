import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: { adminUrl: string; templateName: string; prefix: string } | null;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../../../..");

/**
 * Migrates one template database for the whole run (docs/architecture.md §8): a PGlite data-dir dump that each
 * test file loads, and, when TEST_DATABASE_URL is set, a PostgreSQL template database each file copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = path.join(ROOT, ".tmp");
  fs.mkdirSync(dir, { recursive: true });
  const templatePath = path.join(dir, `pglite-template-${process.pid}.tar`);
  const database = await openPglite();
  await database.migrate();
  const client = (database as unknown as { client: { dumpDataDir(c: "none"): Promise<Blob> } }).client;
  fs.writeFileSync(templatePath, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplatePath", templatePath);

  const url = process.env.TEST_DATABASE_URL;
  let postgresTemplate: { adminUrl: string; templateName: string; prefix: string } | null = null;
  if (url) {
    const templateName = `doorstep_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${templateName}`;
    const template = openPostgres(templateUrl.toString());
    await template.migrate();
    await template.close();
    postgresTemplate = { adminUrl: url, templateName, prefix: `doorstep_t_${process.pid}_` };
  }
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    fs.rmSync(templatePath, { force: true });
    if (postgresTemplate) {
      const admin = new pg.Client({ connectionString: postgresTemplate.adminUrl });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
        `${postgresTemplate.prefix}%`,
      ]);
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${postgresTemplate.templateName} with (force)`);
      await admin.end();
    }
  };
}
