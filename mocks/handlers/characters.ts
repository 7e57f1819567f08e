/** Characters: read one; set the primary reference (idempotent). */
import type { HttpHandler } from 'msw';
import { notFound } from '../lib/errors.ts';
import type { Schema } from '../store/contract.ts';
import type { Workspace } from '../store/workspace.ts';
import { findAsset } from '../store/workspace.ts';
import { idempotent } from './helpers.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';
import type { Character } from '@/api/schema.gen.ts';

function requireCharacter(workspace: Workspace, id: string): Character {
  const character = workspace.characters.find((candidate) => candidate.id === id);
  if (!character) throw notFound('characterId', `No character ${id}.`);
  return character;
}

export function characterHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/characters/:characterId', ({ params, workspace }) => ({
      body: structuredClone(requireCharacter(workspace, params.characterId ?? '')),
    })),

    route(ctx, 'post', '/characters/:characterId/primary-reference', (req) =>
      idempotent(req, 'characters.primary_reference', () => {
        const character = requireCharacter(req.workspace, req.params.characterId ?? '');
        const { asset_id: raw } = req.body as Schema<'CharacterPrimaryReferenceRequest'>;
        const assetId = raw.toLowerCase();
        const references = character.references ?? [];
        if (!references.some((reference) => reference.asset_id === assetId)) {
          // Any workspace asset can become the primary reference; it joins the references.
          const asset = findAsset(req.workspace, assetId);
          if (!asset) throw notFound('asset_id', `No media asset ${assetId}.`);
          references.push({
            asset_id: asset.id,
            name: asset.name,
            order_index: references.length,
            is_primary: false,
          });
        }
        for (const reference of references) reference.is_primary = reference.asset_id === assetId;
        character.references = references;
        character.primary_reference_asset_id = assetId;
        character.updated_at = req.sim.nowIso();
        return { status: 200, body: structuredClone(character) };
      }),
    ),
  ];
}
