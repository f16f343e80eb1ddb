"""The red team: the versioned attack library, its encoders and canaries, the red-team section of a report
and its SARIF 2.1.0 export."""
