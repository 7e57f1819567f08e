/**
 * What is said in the demo's talking-head project, "Interview: Building in Public": a host and a
 * guest taking turns, as a transcript would have it (punctuation on the words), with the fillers
 * people really say (um, uh, erm, ah, hmm, "you know", "I mean", "like" as a filler and as a
 * verb) and `…` where the speaker stops to think (a pause over half a second). The word bank
 * (mocks/audio/speech/) is spoken from these words, and the seed times the caption words by it.
 */

export type InterviewSpeaker = 'host' | 'guest';

export interface InterviewTurn {
  speaker: InterviewSpeaker;
  /** Words separated by spaces; `…` alone is a long pause. */
  text: string;
}

export const INTERVIEW_SPEAKERS: Record<InterviewSpeaker, { name: string; voice: string }> = {
  host: { name: 'Nadia Brooks', voice: 'en-us+f3' },
  guest: { name: 'Marco Diaz', voice: 'en-gb+m3' },
};

export const INTERVIEW_SCRIPT: readonly InterviewTurn[] = [
  {
    speaker: 'host',
    text: "Welcome back to the show. Today I'm talking with Marco Diaz, who builds his company in public. Marco, thanks for coming on.",
  },
  { speaker: 'guest', text: "Thanks for having me. Um, it's great to be here." },
  {
    speaker: 'host',
    text: "So let's start at the beginning. What does building in public actually mean for you?",
  },
  {
    speaker: 'guest',
    text: '… Hmm, good question. For me it means, you know, sharing the real numbers. Revenue, churn, the mistakes. I mean, not just the wins, the whole story.',
  },
  { speaker: 'host', text: 'And when did you start doing that?' },
  {
    speaker: 'guest',
    text: 'Uh, about two years ago. We had, like, no users at the time. … Maybe forty people. And I thought, erm, what do I have to lose?',
  },
  { speaker: 'host', text: 'Were you nervous about it?' },
  {
    speaker: 'guest',
    text: 'Oh, absolutely. Ah, the first post took me, like, three days to write. I kept deleting it. … But then people replied, and they were kind.',
  },
  { speaker: 'host', text: 'What surprised you the most?' },
  {
    speaker: 'guest',
    text: 'Um, honestly, how much people like seeing the boring parts. The spreadsheets. The support tickets. You know, the stuff you would never put in a launch video.',
  },
  { speaker: 'host', text: 'I like that. The boring parts. Can you give me an example?' },
  {
    speaker: 'guest',
    text: 'Sure. So, uh, last spring we lost our biggest customer. … And I wrote about it the same day. I mean, it hurt. But that post brought in, like, twelve new customers.',
  },
  { speaker: 'host', text: 'Twelve? From a post about losing a customer?' },
  {
    speaker: 'guest',
    text: "Yeah. Erm, people trust you more when you show them the bad days. That's the whole idea, really.",
  },
  { speaker: 'host', text: "Let's talk about the downside. Is there anything you don't share?" },
  {
    speaker: 'guest',
    text: "… Hmm. Yes. Anything about my team that they haven't agreed to. And, um, anything about customers by name. Those are the two rules.",
  },
  { speaker: 'host', text: 'What about competitors? Do they copy you?' },
  {
    speaker: 'guest',
    text: 'Ah, some do. You know, they read the posts. But, uh, ideas are cheap. The work is the hard part, and nobody can copy the work.',
  },
  { speaker: 'host', text: 'How much time does it take every week?' },
  {
    speaker: 'guest',
    text: 'Maybe two hours. I write on Friday mornings. I like doing it before the weekend, because, um, the week is still fresh.',
  },
  { speaker: 'host', text: 'Do you use any tools for it?' },
  {
    speaker: 'guest',
    text: "Not really. A notes app and a screen recorder. I mean, the tools don't matter much. … What matters is, like, showing up every week.",
  },
  { speaker: 'host', text: 'What would you tell someone who wants to start today?' },
  {
    speaker: 'guest',
    text: 'Um, start small. Share one number. Just one. And, erm, be honest about what it means. … Then do it again next week.',
  },
  { speaker: 'host', text: 'And if nobody reads it?' },
  {
    speaker: 'guest',
    text: "Then, uh, you still have a diary of your company. You know, in five years you'll be glad you wrote it down.",
  },
  { speaker: 'host', text: "Last question. What's next for you?" },
  {
    speaker: 'guest',
    text: "Hmm. We're hiring our first engineer. And, ah, of course, I'll be writing about that too. … Probably every mistake along the way.",
  },
  { speaker: 'host', text: 'Marco, thank you so much. This was great.' },
  { speaker: 'guest', text: 'Thank you. I really enjoyed it.' },
  { speaker: 'host', text: 'And thanks to everyone watching. See you next week.' },
];

/** The pause mark in a turn's text. */
export const PAUSE_MARK = '…';

/** How a written word is looked up in the word bank: lower case, without punctuation around it. */
export function spokenKey(word: string): string {
  return word
    .toLowerCase()
    .replace(/^[^a-z0-9']+|[^a-z0-9']+$/g, '')
    .replace(/’/g, "'");
}
