/**
 * The longest name filter a batch delete or a media search takes (the simulator refuses longer),
 * apart from the deletion plan so the media search's URL validation, loaded on every screen, takes
 * only this number.
 */
export const NAME_FILTER_MAX = 200;
