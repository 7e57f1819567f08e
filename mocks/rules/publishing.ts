/** Scheduled posts walking to publication (see handlers/publishing.ts). */
import type { Simulator } from '../simulator.ts';
import type { ConnectionRecord } from '../store/workspace.ts';
import type { ScheduledPost } from '@/api/schema.gen.ts';

/** Simulated time the platform takes to accept (or refuse) a post once it is due. */
export const PUBLISHING_MS = 1500;

/**
 * Moves a post: scheduled → (when due) publishing → published, or failed with the provider's
 * error when the account refuses it. Cancelled posts stop here.
 */
export function followPost(
  sim: Simulator,
  post: ScheduledPost,
  connection: ConnectionRecord,
): void {
  let publishingFor = 0;
  sim.schedule({
    advance(ms) {
      if (post.status === 'cancelled') return true;
      if (post.status === 'scheduled') {
        if (sim.now() < Date.parse(post.scheduled_for ?? '')) return false;
        post.status = 'publishing';
      }
      publishingFor += ms;
      if (publishingFor < PUBLISHING_MS) return false;
      post.next_actions = [];
      if (connection.providerRefusal) {
        post.status = 'failed';
        post.failure = connection.providerRefusal;
      } else {
        post.status = 'published';
        post.published_at = sim.nowIso();
        post.provider_post_url =
          post.publish_mode === 'inbox_draft'
            ? `https://shortform.example/${connection.connection.account_name}/inbox/${post.post_id}`
            : `https://shortform.example/${connection.connection.account_name}/video/${post.target_id ?? post.post_id}`;
      }
      return true;
    },
  });
}

/** Seeded posts that are still scheduled move once the simulator runs. */
export function resumeSeededPosts(sim: Simulator): void {
  for (const workspace of sim.store.all()) {
    for (const post of workspace.scheduledPosts) {
      if (post.status !== 'scheduled') continue;
      const connection = workspace.connections.find(
        (c) => c.connection.connection_id === post.connection_id,
      );
      if (connection) followPost(sim, post, connection);
    }
  }
}
