/** An encoded sound as it is answered. */
export interface SoundBytes {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: 'audio/wav' | 'audio/ogg';
}
