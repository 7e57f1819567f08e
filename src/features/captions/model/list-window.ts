/**
 * Where the rows of a list of fixed-height rows sit, and which of them a view of it shows (the
 * word list's windowing: every row's height is known from its kind, so nothing is measured).
 */
export class RowOffsets {
  /** `starts[i]` is row i's top; `starts[count]` the list's height. */
  private readonly starts: Float64Array;

  constructor(heights: ArrayLike<number>) {
    this.starts = new Float64Array(heights.length + 1);
    for (let i = 0; i < heights.length; i += 1) this.starts[i + 1] = this.starts[i]! + heights[i]!;
  }

  get count(): number {
    return this.starts.length - 1;
  }

  get total(): number {
    return this.starts[this.count]!;
  }

  start(index: number): number {
    return this.starts[index]!;
  }

  end(index: number): number {
    return this.starts[index + 1]!;
  }

  /** The row at `offset` px from the list's top (the last row past the end). */
  indexAt(offset: number): number {
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return Math.max(0, low);
  }

  /** The rows a view `height` px tall scrolled to `offset` shows (none when the list is empty). */
  range(offset: number, height: number): { startIndex: number; endIndex: number; count: number } {
    const count = this.count;
    if (count === 0) return { startIndex: 0, endIndex: -1, count };
    const startIndex = this.indexAt(Math.max(0, offset));
    const endIndex = this.indexAt(Math.max(0, offset + height - 1));
    return { startIndex, endIndex, count };
  }
}
