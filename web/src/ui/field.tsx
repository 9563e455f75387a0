// The auth and account forms' name for a labelled text input.
export { TextInput as Field, type TextInputProps as FieldProps } from './text-input';
