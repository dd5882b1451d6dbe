// Wiring of the courier image upload and download (the handlers: files.handlers.ts).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { FOLDER } from '../../files/folders';
import { download, upload } from './files.handlers';

export function fileRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(`/api/files/${FOLDER}`, (c) => upload(c, deps))
    .get(`/api/files/${FOLDER}/:name`, (c) => download(c, deps));
}
