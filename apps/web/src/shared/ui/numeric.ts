import classes from './numeric.module.css';

/** The class of every amount and price on screen: tabular digits (see numeric.module.css). */
export const numericClass = classes.numeric;
