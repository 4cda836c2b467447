import styles from './SkillChips.module.css';

/** A list of skills shown as chips (the portfolio's skill groups, a project's skills). */
export function SkillChips({ skills }: { skills: readonly string[] }) {
  return (
    <ul className={styles.chips}>
      {skills.map((skill) => (
        <li key={skill}>{skill}</li>
      ))}
    </ul>
  );
}
