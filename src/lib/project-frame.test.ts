import { describe, expect, it } from 'vitest';
import {
  fitFrame,
  frameOf,
  isVertical,
  layoutLimits,
  shapeOf,
  titlePlace,
} from './project-frame.ts';

describe('frameOf', () => {
  it('gives each of the contract’s shapes 1080 pixels on its short side', () => {
    expect(frameOf('9:16')).toEqual({ width: 1080, height: 1920 });
    expect(frameOf('16:9')).toEqual({ width: 1920, height: 1080 });
    expect(frameOf('1:1')).toEqual({ width: 1080, height: 1080 });
    expect(frameOf('4:5')).toEqual({ width: 1080, height: 1350 });
  });

  it('reads the ratio with spaces or decimals, and falls back to 9:16', () => {
    expect(frameOf(' 16 : 9 ')).toEqual({ width: 1920, height: 1080 });
    expect(frameOf('2.39:1')).toEqual({ width: 2581, height: 1080 });
    for (const unreadable of [undefined, null, '', 'wide', '0:9', '16:0', '-16:9'])
      expect(frameOf(unreadable)).toEqual({ width: 1080, height: 1920 });
  });
});

describe('the frame’s rules', () => {
  it('says its shape and whether it is the vertical frame', () => {
    expect(shapeOf(frameOf('16:9'))).toBe('16:9');
    expect(shapeOf(frameOf('9:16'))).toBe('9:16');
    expect(shapeOf(frameOf('4:5'))).toBe('4:5');
    expect(isVertical(frameOf('9:16'))).toBe(true);
    expect(isVertical(frameOf('16:9'))).toBe(false);
  });

  it('lets an item’s centre go two frames beyond each edge', () => {
    expect(layoutLimits(frameOf('9:16'))).toEqual({ x: [-2160, 3240], y: [-3840, 5760] });
    expect(layoutLimits(frameOf('16:9'))).toEqual({ x: [-3840, 5760], y: [-2160, 3240] });
  });

  it('puts a new title centred across in the upper part of the frame', () => {
    expect(titlePlace(frameOf('9:16'))).toEqual({ x: 540, y: 420 });
    expect(titlePlace(frameOf('16:9'))).toEqual({ x: 960, y: 236 });
  });
});

describe('fitFrame', () => {
  it('gives the largest box of the frame’s shape in the room, in whole pixels', () => {
    // Tall room: a 9:16 frame is as tall as the room; a 16:9 one as wide.
    expect(fitFrame(600, 900, frameOf('9:16'))).toEqual({ width: 506, height: 900 });
    expect(fitFrame(600, 900, frameOf('16:9'))).toEqual({ width: 600, height: 337 });
    // Wide room: the other way round.
    expect(fitFrame(1200, 500, frameOf('16:9'))).toEqual({ width: 888, height: 500 });
    expect(fitFrame(1200, 500, frameOf('1:1'))).toEqual({ width: 500, height: 500 });
    expect(fitFrame(0, 0, frameOf('9:16'))).toEqual({ width: 0, height: 0 });
  });
});
