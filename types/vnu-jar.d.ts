// vnu-jar ships no types: its export is the path of vnu.jar (a String object).
declare module 'vnu-jar' {
  const jarPath: string;
  export default jarPath;
}
