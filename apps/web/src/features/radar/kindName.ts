/** Moved to shared (the data view names its interest pie the same way); kept for the radar's imports. */
export { kindKey, kindName } from '../../shared/kindName';
